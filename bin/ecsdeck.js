#!/usr/bin/env node
// CommonJS (bin/package.json says so): Node starts it without setting up its ES module loader.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const cli = join(__dirname, '../dist/cli.cjs');
if (!existsSync(cli)) {
  console.error('ecsdeck: the program is not built yet; run `npm install` (or `npm run build`) first');
  process.exit(1);
}
require(cli);
