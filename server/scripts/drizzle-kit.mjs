// Runs drizzle-kit (hoisted to the repository root) against the server's own drizzle-orm.
// npm installs drizzle-orm under server/node_modules, where drizzle-kit's imports from the root
// cannot see it; NODE_PATH fixes its require() calls and a resolve hook its import() calls.
// Usage: node scripts/drizzle-kit.mjs generate --name <change>
import Module, { createRequire, register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serverPackage = new URL('../package.json', import.meta.url);
const hook = `
  export async function resolve(specifier, context, next) {
    if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
      return next(specifier, { ...context, parentURL: ${JSON.stringify(serverPackage.href)} });
    }
    return next(specifier, context);
  }`;
register('data:text/javascript,' + encodeURIComponent(hook));
process.env.NODE_PATH = fileURLToPath(new URL('../node_modules', import.meta.url));
Module._initPaths();

const kitMain = createRequire(serverPackage).resolve('drizzle-kit');
const bin = path.join(path.dirname(kitMain), 'bin.cjs');
process.argv.splice(1, 1, bin);
await import(pathToFileURL(bin).href);
