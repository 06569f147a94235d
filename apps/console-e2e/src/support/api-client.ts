export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON body, or the raw text when the body is not JSON. */
  body: T;
}

export interface ApiClient {
  get: <T = unknown>(path: string) => Promise<ApiResponse<T>>;
  post: <T = unknown>(path: string, body?: unknown) => Promise<ApiResponse<T>>;
  put: <T = unknown>(path: string, body?: unknown) => Promise<ApiResponse<T>>;
  patch: <T = unknown>(path: string, body?: unknown) => Promise<ApiResponse<T>>;
  delete: <T = unknown>(path: string) => Promise<ApiResponse<T>>;
  /** A client for the same server that sends `Authorization: Bearer <token>`. */
  withToken: (token: string) => ApiClient;
}

/** Talks to the server under test over real HTTP, to seed data and check what the UI did. */
export function createApiClient(baseUrl: string, token?: string): ApiClient {
  async function send<T>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
    return {
      status: response.status,
      headers: response.headers,
      body: (isJson && text ? JSON.parse(text) : text) as T,
    };
  }
  return {
    get: (path) => send('GET', path),
    post: (path, body) => send('POST', path, body),
    put: (path, body) => send('PUT', path, body),
    patch: (path, body) => send('PATCH', path, body),
    delete: (path) => send('DELETE', path),
    withToken: (newToken) => createApiClient(baseUrl, newToken),
  };
}
