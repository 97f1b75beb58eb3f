// The child process that reads one document's text (see extract-child.ts): TypeScript is
// compiled on the fly as in the server itself, then the worker waits for its request.
import { register } from 'tsx/esm/api';

register();
await import('./extract-worker.ts');
