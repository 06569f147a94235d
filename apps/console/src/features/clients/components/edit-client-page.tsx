import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';

/** Edit a client (/clients/edit/{companyId}). */
export function EditClientPage() {
  const { companyId = '' } = useParams();
  return (
    <>
      <PageHeader
        title="Edit Client"
        subtitle={`Update the details of ${companyId}`}
        actions={
          <Button variant="outline" asChild>
            <Link to="/clients">
              <ArrowLeft />
              Back to Clients
            </Link>
          </Button>
        }
      />
      <ComingSoon description="The client form, with the company ID read-only, will appear here." />
    </>
  );
}
