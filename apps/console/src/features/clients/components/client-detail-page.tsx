import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';

/** One client with its licences (/clients/{companyId}). */
export function ClientDetailPage() {
  const { companyId = '' } = useParams();
  return (
    <>
      <PageHeader
        title="Client Details"
        subtitle={companyId}
        actions={
          <Button variant="outline" asChild>
            <Link to="/clients">
              <ArrowLeft />
              Back
            </Link>
          </Button>
        }
      />
      <ComingSoon description="The client's contact details, licence totals and licence list will appear here." />
    </>
  );
}
