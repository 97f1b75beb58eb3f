#!/usr/bin/env node
// Runs the TypeScript CLI through tsx (the engine ships as TypeScript sources).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
