// ngx_http_ssi_filter_module's settings (ngx_http_ssi_loc_conf_t, its commands and merge): ssi,
// ssi_types, ssi_silent_errors, ssi_value_length, ssi_min_file_chunk, ssi_last_modified and
// ssi_ignore_recycled_buffers.
import { HSL, HSL_IF, ANY, type ConfModule } from '../../../nginx-conf/directive.js';
import { parseFlag, parseSize, typesSlot } from '../../../nginx-conf/values.js';

export interface SsiConf {
  ssi: boolean;
  /** Lowercased media types, text/html always among them; '*': any type. */
  ssiTypes: ReadonlySet<string> | '*';
  ssiSilentErrors: boolean;
  /** The longest parameter value a command may have. */
  ssiValueLength: number;
  ssiLastModified: boolean;
}

export const SSI: ConfModule<SsiConf> = {
  defaults: { ssi: false, ssiTypes: new Set(['text/html']), ssiSilentErrors: false, ssiValueLength: 255, ssiLastModified: false },
  directives: {
    ssi: { ctx: HSL_IF, args: [1, 1], once: true, set: (l, d) => (l.ssi = parseFlag(d)) },
    ssi_silent_errors: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.ssiSilentErrors = parseFlag(d)) },
    ssi_value_length: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.ssiValueLength = parseSize(d, d.args[0])) },
    ssi_last_modified: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.ssiLastModified = parseFlag(d)) },
    // What part of a file buffer nginx sends from the file rather than from memory: how the bytes
    // travel, never which.
    ssi_min_file_chunk: { ctx: HSL, args: [1, 1], once: true, set: (_l, d) => void parseSize(d, d.args[0]) },
    ssi_ignore_recycled_buffers: { ctx: HSL, args: [1, 1], once: true, set: (_l, d) => void parseFlag(d) },
    ssi_types: { ctx: HSL, args: [1, ANY], set: (l, d, c) => (l.ssiTypes = typesSlot(l.ssiTypes, d.args, c.firstHere)) },
  },
};
