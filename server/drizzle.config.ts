// drizzle-kit reads this to turn src/db/schema.ts into versioned SQL migrations under ./drizzle.
// `npx drizzle-kit generate` only diffs schema files; it never needs a database connection.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
