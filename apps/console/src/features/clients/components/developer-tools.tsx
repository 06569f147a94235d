import { BugIcon, PlugZapIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { breakers } from '@/lib/breaker';
import { logger } from '@/lib/logger';
import { useRealtimeConnectionTest, useRealtimeStatus } from '@/lib/realtime-provider';

/**
 * The client page's Debug and Test API buttons (spec 1 section 2.7), for development builds
 * only: the page renders them behind `import.meta.env.DEV`, which production builds drop.
 */
export function DeveloperTools({ state }: { state: Record<string, unknown> }) {
  const realtime = useRealtimeStatus();
  const testSocket = useRealtimeConnectionTest();
  const [testing, setTesting] = useState(false);

  const debug = () => {
    logger.debug('Client page state', { ...state, realtime, breakers: breakers.getHealthStatus() });
    toast.info('Debug information written to the browser console');
  };

  const testApi = async () => {
    setTesting(true);
    try {
      const startedAt = performance.now();
      await api.get('/health');
      const apiMs = Math.round(performance.now() - startedAt);
      const socketConnected = await testSocket();
      if (socketConnected) toast.success(`API answered in ${apiMs} ms; real-time connected`);
      else toast.warning(`API answered in ${apiMs} ms; the socket test timed out after 5 s`);
    } catch (error) {
      toast.error(`API test failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setTesting(false);
    }
  };

  return (
    <>
      <Button variant="ghost" onClick={debug}>
        <BugIcon aria-hidden="true" />
        Debug
      </Button>
      <Button variant="ghost" onClick={() => void testApi()} disabled={testing}>
        <PlugZapIcon aria-hidden="true" />
        {testing ? 'Testing...' : 'Test API'}
      </Button>
    </>
  );
}
