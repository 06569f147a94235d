import '@/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { apiBase, insecureApiBaseWarning } from '@/lib/api-client';
import { logger } from '@/lib/logger';
import { clearSetupCheckCache } from '@/lib/setup-check';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks the #root element');

// The setup-check cache lives for one page load (spec 1 section 4).
clearSetupCheckCache();

const insecureApi = insecureApiBaseWarning(apiBase, import.meta.env.PROD);
if (insecureApi) logger.error(insecureApi);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
