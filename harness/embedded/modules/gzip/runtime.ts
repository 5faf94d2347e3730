// The gzip module's header filter (with its compressor) and $gzip_ratio; gzip_static's content handler.
import type { ModuleRuntime } from '../../module.js';
import { gzipHeaderFilter, gzipRatio, willCompress } from './filter.js';
import { gzipStaticHandler } from './static.js';

export const GZIP_RUNTIME: ModuleRuntime = { variables: { gzip_ratio: gzipRatio }, headerFilter: gzipHeaderFilter, clearsRanges: willCompress };

export const GZIP_STATIC_RUNTIME: ModuleRuntime = { phaseHandlers: { content: gzipStaticHandler } };
