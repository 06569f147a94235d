import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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
import { preloadDependencies } from './build/preload-dependencies';

const apiTarget = 'http://localhost:3000';

/**
 * react-router's package exports name only its development build (with its warnings and checks)
 * for every condition, so a build takes the production build it ships beside it by path
 * (remix-run/react-router#12532, #14753).
 */
function reactRouterProductionAliases() {
  const root = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  const production = (file: string) => join(root, 'dist', 'production', file);
  return [
    { find: /^react-router$/, replacement: production('index.mjs') },
    { find: /^react-router\/dom$/, replacement: production('dom-export.mjs') },
  ];
}

export default defineConfig(({ command }) => {
  // Each build gets an id of its own, in the bundle and in build-info.json beside it; the API
  // compares the two to tell a loaded console that a newer build is served (update notices).
  const build = command === 'build' ? describeBuild(appInfo.version) : null;
  const preload = preloadDependencies();
  return {
    plugins: [
      react(),
      tailwindcss(),
      preload.plugin,
      precompress(),
      ...(build ? [buildInfo(build)] : []),
    ],
    define: {
      __CONSOLE_BUILD_ID__: JSON.stringify(build?.buildId ?? 'development'),
    },
    resolve: {
      alias: [
        { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
        ...(command === 'build' ? reactRouterProductionAliases() : []),
      ],
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      modulePreload: preload.modulePreload,
      rolldownOptions: {
        output: {
          // React changes less often than the app: its own chunk stays cached across releases.
          // The radix primitives behind the signed-in shell's menus, dialogs and tooltips form one
          // chunk (the shell needs most of them; a chunk each made dozens of requests before the
          // dashboard), apart from the four the sign-in page's button and label use, and the tabs,
          // switch and alert dialog, which no shell piece uses: they travel in their components'
          // chunks. Every other library travels with the routes that use it (charts, tables,
          // forms, zod and the socket client never reach the sign-in page).
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                priority: 3,
              },
              {
                name: 'ui-base',
                test: /node_modules[\\/]@radix-ui[\\/](react-slot|react-label|react-primitive|react-compose-refs)[\\/]/,
                priority: 2,
              },
              {
                name: 'ui',
                test: /node_modules[\\/](@radix-ui[\\/](?!react-tabs|react-switch|react-alert-dialog)[^\\/]+|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)[\\/]/,
                priority: 1,
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
