// API errors: one JSON shape for every failure, naming the field where there is one.
//   400 { errors: { field: ["message"] }, detail? }   401/403/404/409/429 { detail, ... }
export class ApiError extends Error {
  constructor(
    public status: number,
    public body: Record<string, unknown>,
  ) {
    super(typeof body.detail === "string" ? body.detail : `HTTP ${status}`);
  }
}

export const badRequest = (errors: Record<string, string[]>, detail = "Some fields are not valid.") =>
  new ApiError(400, { detail, errors });
export const unauthorized = (detail = "You need to be logged in.") => new ApiError(401, { detail });
/** Refused for want of a subscription: carries its key and name for the upgrade prompt. */
export const subscriptionRequired = (detail: string, subscription?: { key: string; name: string }) =>
  new ApiError(403, { detail, subscription });
export const forbidden = (detail = "You do not have access to this.") => new ApiError(403, { detail });
export const notFound = (detail = "Not found.") => new ApiError(404, { detail });
export const conflict = (errors: Record<string, string[]>, detail = "Conflict.") =>
  new ApiError(409, { detail, errors });
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new ApiError(429, { detail, retryAfterSeconds });
