import { fileURLToPath, URL } from 'node:url';
// Node loads this config before anything is bundled and cannot run the contracts package's
// TypeScript entry; by a relative path, app-info.ts is bundled into the config instead.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { appInfo } from '../../libs/contracts/src/app-info';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildInfo, describeBuild } from './build/build-info';
import { precompress } from './build/precompress';

const apiTarget = 'http://localhost:3000';

export default defineConfig(({ command }) => {
  // Each build gets an id of its own, in the bundle and in build-info.json beside it; the API
  // compares the two to tell a loaded console that a newer build is served (update notices).
  const build = command === 'build' ? describeBuild(appInfo.version) : null;
  return {
    plugins: [react(), tailwindcss(), precompress(), ...(build ? [buildInfo(build)] : [])],
    define: {
      __CONSOLE_BUILD_ID__: JSON.stringify(build?.buildId ?? 'development'),
    },
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          // React changes less often than the app: its own chunk stays cached across releases.
          // Every other library travels with the routes that use it (charts, tables and the socket
          // client never reach the sign-in page).
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              },
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      proxy: {
        '/api': apiTarget,
        '/health': apiTarget,
        '/ready': apiTarget,
        '/socket.io': { target: apiTarget, ws: true },
      },
    },
  };
});
