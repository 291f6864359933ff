/** The API's error type for an HTTP status, and a default message for it. */
export function apiErrorType(status: number): { readonly type: string; readonly message: string } {
  switch (status) {
    case 400:
      return { type: 'invalid_request_error', message: 'Invalid request' };
    case 401:
      return { type: 'authentication_error', message: 'invalid x-api-key' };
    case 403:
      return {
        type: 'permission_error',
        message: 'Your API key does not have permission to use the specified resource.',
      };
    case 404:
      return { type: 'not_found_error', message: 'Not found' };
    case 413:
      return { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' };
    case 429:
      return { type: 'rate_limit_error', message: 'Rate limited' };
    case 529:
      return { type: 'overloaded_error', message: 'Overloaded' };
    default:
      return status >= 500
        ? { type: 'api_error', message: 'Internal server error' }
        : { type: 'invalid_request_error', message: 'Invalid request' };
  }
}
