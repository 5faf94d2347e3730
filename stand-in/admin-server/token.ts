// The admin JWT, as sky-server's JwtUtil (jjwt 0.9.1) makes and checks it: HS256 over the UTF-8
// bytes of `sky.jwt.admin-secret-key` (itcast), claims {empId, exp}, exp = now + admin-ttl (2 h).
// `new SignJWT({empId}).setProtectedHeader({alg:'HS256'})` gives the same bytes as jjwt.
import type { JWTHeaderParameters } from 'jose';

/** jose loads on the first token (~20-40 ms to load: a stack is up sooner without it). */
const jose = () => import('jose');

export const ADMIN_SECRET = 'itcast';
export const ADMIN_TTL_MS = 7_200_000;

const HMAC_HASH: Record<string, string> = { HS256: 'SHA-256', HS384: 'SHA-384', HS512: 'SHA-512' };

export class AdminTokens {
  readonly #secret: Uint8Array<ArrayBuffer>;
  readonly #ttlMs: number;
  /** One imported HMAC key per algorithm, so a request costs one verify, not an import. */
  readonly #keys = new Map<string, Promise<CryptoKey>>();
  /** Tokens whose signature checked out: a token's bytes decide its validity, so only the expiry
   *  needs checking again (the admin server is the upstream in benchmarks). Bounded. */
  readonly #verified = new Map<string, { empId: number; expMs: number | undefined }>();

  constructor(secret = ADMIN_SECRET, ttlMs = ADMIN_TTL_MS) {
    this.#secret = new TextEncoder().encode(secret);
    this.#ttlMs = ttlMs;
  }

  /** JwtUtil.createJWT(secret, ttl, {empId}). */
  async sign(empId: number, nowMs: number): Promise<string> {
    const { SignJWT } = await jose();
    return new SignJWT({ empId })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor((nowMs + this.#ttlMs) / 1000))
      .sign(await this.#key('HS256'));
  }

  /** What JwtTokenAdminInterceptor accepts: the empId of a well-formed, correctly signed, unexpired
   *  token, else undefined (missing, malformed, bad signature, expired, no usable empId). */
  async verify(token: string | undefined, nowMs: number): Promise<number | undefined> {
    if (!token) return undefined;
    const known = this.verifyKnown(token, nowMs);
    if (known !== null) return known;
    const { jwtVerify } = await jose();
    try {
      // jjwt 0.9.1 checks the signature with the algorithm the header names (any HS*, even with a
      // 6-byte key) and calls a token expired when now > exp; jose's test is now >= exp, hence the -1 ms.
      const { payload } = await jwtVerify(token, (header: JWTHeaderParameters) => this.#keyFor(header), {
        currentDate: new Date(nowMs - 1),
      });
      const empId = empIdOf(payload.empId);
      if (empId !== undefined && payload.nbf === undefined) {
        if (this.#verified.size >= 1024) this.#verified.clear();
        this.#verified.set(token, { empId, expMs: payload.exp === undefined ? undefined : payload.exp * 1000 });
      }
      return empId;
    } catch {
      return undefined;
    }
  }

  /** verify's answer without waiting, for a token already checked (every request of a benchmark
   *  after the first); null when the signature has yet to be checked. */
  verifyKnown(token: string, nowMs: number): number | undefined | null {
    const known = this.#verified.get(token);
    if (!known) return null;
    return known.expMs === undefined || nowMs <= known.expMs ? known.empId : undefined;
  }

  #keyFor(header: JWTHeaderParameters): Promise<CryptoKey> | Uint8Array<ArrayBuffer> {
    // Any other algorithm: hand jose the raw secret and let it refuse the token.
    return HMAC_HASH[header.alg] ? this.#key(header.alg) : this.#secret;
  }

  #key(alg: string): Promise<CryptoKey> {
    let key = this.#keys.get(alg);
    if (!key) {
      key = crypto.subtle.importKey('raw', this.#secret, { name: 'HMAC', hash: HMAC_HASH[alg] }, false, ['sign', 'verify']);
      this.#keys.set(alg, key);
    }
    return key;
  }
}

const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/** `Long.valueOf(claims.get("empId").toString())`: an integer, or a decimal string of one. */
function empIdOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string' || !/^[+-]?[0-9]+$/.test(value)) return undefined;
  const id = BigInt(value);
  return id >= LONG_MIN && id <= LONG_MAX ? Number(id) : undefined;
}
