#!/usr/bin/env node
try {
  await import('../dist/cli.js');
} catch (error) {
  if (error && error.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/cli.js')) {
    console.error('ecsdeck: the program is not built yet; run `npm install` (or `npm run build`) first');
    process.exit(1);
  }
  throw error;
}
