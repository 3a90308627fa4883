#!/usr/bin/env node
// The bin lives outside dist/ so that `npm ci` links it even before `npm run build` has
// written dist/ (npm skips a bin whose file is missing at install time).
import { runCli } from '../dist/cli.js';

process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
