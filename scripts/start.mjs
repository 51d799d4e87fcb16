#!/usr/bin/env node
// `npm start`: build what is missing or stale, then run the API server (serving the shell on
// http://localhost:8000) and the four remotes on their own origins, with the embedded database.
// `npm run dev`: the same topology with watch and hot reload.
import { spawn } from 'node:child_process';
import { ROOT, ensureBuilt } from './lib/build.mjs';
import { REMOTE_PORTS, startProduct } from './lib/product.mjs';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 8000);

async function printWelcome(url) {
  const { DEMO_ACCOUNTS } = await import(new URL('../server/dist/seed/demo.js', import.meta.url));
  console.log(`\n  Advocately is running at ${url}\n`);
  console.log('  Demo accounts (email / password):');
  for (const account of DEMO_ACCOUNTS) {
    console.log(`    ${account.email.padEnd(22)} ${account.password.padEnd(14)} ${account.label}`);
  }
  console.log(`\n  API docs: ${url}/api/docs     Press Ctrl+C to stop.\n`);
}

async function startDev() {
  const apiPort = process.env.DEV_API_PORT ?? '8090';
  const children = [
    spawn('npm', ['run', 'dev', '-w', 'server'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, PORT: apiPort },
    }),
    spawn('npm', ['run', 'dev', '-w', 'shell'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, DEV_API_PORT: apiPort },
    }),
    ...Object.keys(REMOTE_PORTS).map((area) =>
      spawn('npm', ['run', 'dev', '-w', `remote-${area}`], { cwd: ROOT, stdio: 'inherit' }),
    ),
  ];
  console.log(
    `\n  Dev servers starting: shell on http://localhost:8000 (API on ${apiPort}), remotes on 8001-8004\n`,
  );
  const stop = () => children.forEach((child) => child.kill('SIGTERM'));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function startBuilt() {
  await ensureBuilt();
  const product = await startProduct({ port });
  await printWelcome(product.url);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await product.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  product.server.once('exit', (code) => {
    if (!stopping) {
      console.error(`The server stopped unexpectedly (code ${code}).`);
      void product.stop().then(() => process.exit(1));
    }
  });
}

(dev ? startDev() : startBuilt()).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
