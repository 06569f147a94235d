import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { ErrorScreen } from '@/components/error-screen';

/** Router errorElement: logs what broke (including a failed lazy chunk) and shows the error screen. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route failed to render', error);
  }, [error]);
  return <ErrorScreen />;
}
