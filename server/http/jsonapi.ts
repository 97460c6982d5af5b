/** JSON:API documents and errors, as the contract describes them. */

export interface ErrorObject {
  status: string;
  code: string;
  title: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
}

/** Thrown by handlers and services; the error handler renders it as a JSON:API error document. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ErrorObject[];

  constructor(
    status: number,
    code: string,
    title: string,
    options: { detail?: string; pointer?: string; parameter?: string } = {},
  ) {
    super(options.detail ?? title);
    this.status = status;
    const source = options.pointer
      ? { pointer: options.pointer }
      : options.parameter
        ? { parameter: options.parameter }
        : undefined;
    this.errors = [
      {
        status: String(status),
        code,
        title,
        ...(options.detail ? { detail: options.detail } : {}),
        ...(source ? { source } : {}),
      },
    ];
  }
}

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);
export const unauthorized = () => new ApiError(401, 'unauthorized', 'Sign in to continue');

export function errorDocument(errors: ErrorObject[]) {
  return { errors };
}
