import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';

/** Add a client (/clients/add). */
export function AddClientPage() {
  return (
    <>
      <PageHeader
        title="Add New Client"
        subtitle="Register a client company"
        actions={
          <Button variant="outline" asChild>
            <Link to="/clients">
              <ArrowLeft />
              Back to Clients
            </Link>
          </Button>
        }
      />
      <ComingSoon description="The client form (company ID, name, contact person, email, phone and address) will appear here." />
    </>
  );
}
