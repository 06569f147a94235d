import { Construction } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

/** Body of a screen whose issue has not landed yet: says what will appear here. */
export function ComingSoon({ description }: { description: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
        <Construction className="size-8 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-base font-semibold">Coming soon</h2>
        <p className="max-w-md text-muted-foreground">{description}</p>
      </CardContent>
    </Card>
  );
}
