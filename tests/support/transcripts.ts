// The golden transcripts, for specs that sit in a room below harness/check-server/ (the stand-in's
// replay): what they read and how they send it.
export * from '../../harness/check-server/transcript.js';
export { goldenFolder, readGolden } from '../../harness/check-server/golden.js';
export { REFERENCE } from '../../harness/check-server/reference.js';
