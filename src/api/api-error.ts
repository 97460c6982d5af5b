import type { components } from '../../openapi/schema';

type Schemas = components['schemas'];

type DeclineError = Schemas['PaymentDeclinedDocument']['errors'][number];

/** A JSON:API error as the contract declares it; a card decline's also carries its meta. */
export type ApiErrorObject = Schemas['ErrorObject'] & Partial<Pick<DeclineError, 'meta'>>;

/** A failed API call as the app sees it: the HTTP status and the server's JSON:API errors. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorObject[],
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  /** The server's code for the first error (e.g. invalid_email). */
  get code(): string | undefined {
    return this.errors[0]?.code;
  }

  /** The server's own message: the first error's detail, else its title. */
  get serverMessage(): string | undefined {
    const first = this.errors[0];
    return first ? (first.detail ?? first.title) : undefined;
  }

  /** A decline of a card the server did not keep (product rule R11.5). */
  get methodRemoved(): boolean {
    return this.errors[0]?.meta?.payment_method_removed === true;
  }

  /** A card decline that says not to retry with this card (402 payment declined). */
  get hardDecline(): boolean {
    return this.errors[0]?.meta?.hard_decline === true;
  }
}

/** Network failures surface as status 0 so callers handle one error type. */
export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}
