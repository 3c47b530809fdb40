/** A contract (zod) schema as the client sees it: anything with `safeParse`. */
export interface ResponseSchema {
  safeParse(data: unknown): {
    success: boolean;
    error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } | undefined;
  };
}

/**
 * A schema, or a loader of one. Code that must not pull zod into its chunk passes
 * `import.meta.env.DEV && (() => import('@wyn/contract').then((m) => m.x))`: the production build drops the
 * loader (and the import) entirely, development and tests check strictly.
 */
export type ResponseSchemaOption = ResponseSchema | (() => Promise<ResponseSchema>) | false;

/** `throw`: a mismatch fails the call loudly; `log`: reported, the call goes on; `off`: not checked. */
export type ContractCheck = 'throw' | 'log' | 'off';

export function defaultContractCheck(): ContractCheck {
  return import.meta.env.DEV || import.meta.env.MODE === 'test' ? 'throw' : 'log';
}

export class ContractMismatchError extends Error {
  readonly url: string;
  readonly issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
  constructor(url: string, issues: ContractMismatchError['issues']) {
    const where = issues
      .slice(0, 5)
      .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    super(`Response of ${url} does not match its contract schema: ${where}`);
    this.name = 'ContractMismatchError';
    this.url = url;
    this.issues = issues;
  }
}

/** Checks `data` against its schema; throws or logs a mismatch as `mode` says. Never changes `data`. */
export async function checkResponse(
  data: unknown,
  schema: ResponseSchemaOption | undefined,
  mode: ContractCheck,
  url: string,
): Promise<void> {
  if (!schema || mode === 'off') return;
  // Production never downloads a schema just to check an answer.
  if (typeof schema === 'function' && mode !== 'throw') return;
  const resolved = typeof schema === 'function' ? await schema() : schema;
  const result = resolved.safeParse(data);
  if (result.success) return;
  const error = new ContractMismatchError(url, result.error?.issues ?? []);
  console.error(error);
  if (mode === 'throw') throw error;
}

/**
 * The schema an endpoint's success answer must match (any of its statuses), from the contract's declarations;
 * loaded on demand, so only development and tests download them.
 */
export async function endpointResponseSchema(name: string): Promise<ResponseSchema> {
  const { endpoints } = await import('@wyn/contract/endpoints');
  const endpoint = (endpoints as Record<string, { responses: Record<string, ResponseSchema | null> }>)[name];
  if (!endpoint) throw new Error(`No endpoint named ${name} in the contract`);
  const schemas = Object.values(endpoint.responses).filter((s): s is ResponseSchema => s !== null);
  return {
    safeParse(data: unknown) {
      if (schemas.length === 0) return { success: data === undefined || data === null || data === '' };
      let last: ReturnType<ResponseSchema['safeParse']> = { success: false };
      for (const schema of schemas) {
        last = schema.safeParse(data);
        if (last.success) return last;
      }
      return last;
    },
  };
}
