#!/usr/bin/env node
// The `phasebook` command. The CLI is written in TypeScript under interpreter/cli and
// compiled to dist/ by `npm install` (the `prepare` script).
import { main } from '../dist/interpreter/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
