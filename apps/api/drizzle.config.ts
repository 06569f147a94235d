import { defineConfig } from 'drizzle-kit';

// Only `generate` is used: migrations are applied by the API itself at start-up (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
