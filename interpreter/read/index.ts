export {
  readDocumentText,
  parsePointer,
  LineIndex,
  DEFAULT_READ_LIMITS,
  FORBIDDEN_KEYS,
  MAX_DIAGNOSTICS,
  type ReadLimits,
  type SourceDocument,
  type SourcePosition,
} from './read.js';
export { readDocumentFile, readStdinText, STDIN_NAME } from './file.js';
