// Typed errors thrown by services; the HTTP error handler maps each to a status code.
// Messages are written for the person using the store: they are sent as `{ error }`.

export class ServiceError extends Error {
  readonly status: number = 500;
}
export class InvalidInput extends ServiceError {
  override readonly status = 400;
}
export class Unauthorized extends ServiceError {
  override readonly status = 401;
}
export class Forbidden extends ServiceError {
  override readonly status = 403;
}
export class NotFound extends ServiceError {
  override readonly status = 404;
}
export class Conflict extends ServiceError {
  override readonly status = 409;
}
export class Unprocessable extends ServiceError {
  override readonly status = 422;
}
export class TooManyRequests extends ServiceError {
  override readonly status = 429;
}
