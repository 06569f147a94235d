import {
  AddressCard,
  BankDetailsCard,
  TaxCard,
} from '@/features/settings/components/company-details-cards';
import { CompanyInfoCard } from '@/features/settings/components/company-info-card';
import { EInvoiceSupplierCard } from '@/features/settings/components/einvoice-supplier-card';
import { LicenceRenewalsCard } from '@/features/settings/components/licence-renewals-card';
import { NumberingCard } from '@/features/settings/components/numbering-card';
import { PaymentRulesCard } from '@/features/settings/components/payment-rules-card';
import { TimeZoneCard } from '@/features/settings/components/time-zone-card';

/** The settings form's cards, in the order of the screen; disabled together without settings.edit. */
export function SettingsFormCards({ disabled }: { disabled: boolean }) {
  return (
    <fieldset disabled={disabled} className="grid min-w-0 gap-4">
      <CompanyInfoCard />
      <div className="grid gap-4 xl:grid-cols-2">
        <AddressCard />
        <BankDetailsCard />
      </div>
      <TaxCard />
      <NumberingCard />
      <PaymentRulesCard />
      <EInvoiceSupplierCard />
      <TimeZoneCard />
      <LicenceRenewalsCard />
    </fieldset>
  );
}
