import type { ReactNode } from 'react';

type PolicySection = { id: string; title: string; body: ReactNode };

/** The policy text (spec 2 section 2.7): a Malaysian controller, 6-month retention, essential cookies. */
export const privacyPolicySections: readonly PolicySection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    body: (
      <>
        <p>
          This Privacy Policy explains how the Company, a private limited company incorporated in
          Malaysia, collects, uses and protects personal data when you use the Patrol Management
          Console and the patrol-management services connected to it. The Company is the data
          controller for the personal data described here.
        </p>
        <p>
          We process personal data in accordance with the Personal Data Protection Act 2010 of
          Malaysia and, where they apply to you, other data protection laws. By using the console
          you acknowledge the practices described in this policy.
        </p>
      </>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect only what we need to provide and secure the service:</p>
        <ul>
          <li>
            <strong>Account data</strong>: name, username, email address, role and permissions of
            staff users, and two-factor authentication settings.
          </li>
          <li>
            <strong>Client data</strong>: company name, company ID, contact person, email, phone
            number and address of client companies, and their licence and billing records.
          </li>
          <li>
            <strong>Device data</strong>: device identifiers, project names, app version, device
            model and operating system, and the time of last activity of devices bound to a licence.
          </li>
          <li>
            <strong>Diagnostic data</strong>: crash and debug reports sent by the mobile app, which
            may include device state such as memory, storage, network type and battery level.
          </li>
          <li>
            <strong>Usage and security data</strong>: sign-in times, IP addresses and an audit log
            of changes made in the console.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How We Use Your Information',
    body: (
      <>
        <p>We use personal data to:</p>
        <ul>
          <li>provide the console, authenticate users and enforce their permissions;</li>
          <li>manage client accounts, issue and bind licences, and deliver app updates;</li>
          <li>prepare quotations, invoices and receipts and keep accounting records;</li>
          <li>diagnose faults, improve reliability and investigate crash reports;</li>
          <li>detect, prevent and respond to fraud, abuse and security incidents; and</li>
          <li>meet our legal, tax and regulatory obligations.</li>
        </ul>
        <p>We do not sell personal data and do not use it for advertising.</p>
      </>
    ),
  },
  {
    id: 'data-security',
    title: 'Data Security',
    body: (
      <p>
        We protect personal data with technical and organisational measures appropriate to the risk,
        including encrypted connections, hashed passwords, mandatory two-factor authentication for
        administrators, role-based access control and audit logging. Access is limited to staff who
        need it for their work. No system is completely secure, so please keep your credentials and
        authenticator device safe and tell us promptly about any suspected unauthorised access.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing of Information',
    body: (
      <p>
        We share personal data only with service providers who host, maintain or support the service
        on our behalf under written obligations of confidentiality and security; with professional
        advisers such as auditors where required; and with authorities when the law requires it. If
        the Company's business is reorganised or transferred, personal data may pass to the
        successor under the same protections.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'Data Retention',
    body: (
      <p>
        We keep personal data only as long as the purposes above require. Logs, device activity and
        crash reports are retained for 6 months; account and client data is retained for 6 months
        after the account is closed or the service agreement ends. The data is then deleted or
        anonymised, unless the law requires us to keep it longer (for example, accounting and tax
        records that must be kept for a statutory period).
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    body: (
      <>
        <p>Subject to applicable law, you have the right to:</p>
        <ul>
          <li>
            <strong>Access</strong> the personal data we hold about you;
          </li>
          <li>
            <strong>Correction</strong> of data that is inaccurate, incomplete or out of date;
          </li>
          <li>
            <strong>Deletion</strong> of data we no longer have a reason to keep;
          </li>
          <li>
            <strong>Portability</strong>: receive your data in a structured, commonly used format;
          </li>
          <li>
            <strong>Restriction</strong> of processing while a concern is being resolved; and
          </li>
          <li>
            <strong>Objection</strong> to processing based on our legitimate interests.
          </li>
        </ul>
        <p>
          To exercise these rights, contact us as described below. We will answer within the time
          the law allows and may need to verify your identity first.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        The console uses essential cookies and browser storage only: they keep you signed in,
        protect your session and remember settings needed for the service to work. We do not use
        analytics, advertising or third-party tracking cookies, so no consent banner is needed.
        Blocking essential cookies will prevent you from signing in.
      </p>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International Transfers',
    body: (
      <p>
        Personal data is primarily stored and processed in Malaysia. Where a service provider
        processes it outside Malaysia, we transfer it only to places with adequate protection or
        under contractual safeguards that meet the requirements of Malaysian data protection law.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    body: (
      <p>
        We may update this policy when our services or legal obligations change. The date at the top
        of this page shows when it was last updated; significant changes will be announced in the
        console before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        For questions about this policy or your personal data, or to exercise your rights, please
        contact the Company's data protection officer using the contact details in your service
        agreement, or ask your console administrator to pass on your request.
      </p>
    ),
  },
];
