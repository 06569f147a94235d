import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setUnauthorizedHandler } from '@/lib/api-client';
import { uploadWithProgress } from '@/lib/upload';
import { stubXhr } from '@/test/fake-xhr';

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

function formWithFile(): FormData {
  const form = new FormData();
  form.append('file', new File(['abc'], 'a.bin'));
  return form;
}

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('uploadWithProgress', () => {
  it('posts the form with the bearer token, reports progress and returns the parsed body', async () => {
    localStorage.setItem('token', 'abc');
    const requests = stubXhr();
    const progress: number[] = [];
    const form = formWithFile();
    const call = uploadWithProgress<{ ok: boolean }>('/api/things', {
      form,
      onProgress: (percent) => progress.push(percent),
      timeoutMs: 300_000,
    });
    const request = requests[0]!;
    expect(request).toMatchObject({ method: 'POST', url: '/api/things', timeout: 300_000 });
    expect(request.headers.Authorization).toBe('Bearer abc');
    expect(request.body).toBe(form);
    request.progress(25, 100);
    request.progress(100, 100);
    request.respond(201, { ok: true });
    await expect(call).resolves.toEqual({ ok: true });
    expect(progress).toEqual([0, 25, 100]);
  });

  it('turns an error envelope into an ApiError with its status and message', async () => {
    const requests = stubXhr();
    const call = uploadWithProgress('/api/things', { form: formWithFile() });
    requests[0]!.respond(413, {
      success: false,
      error: 'PAYLOAD_TOO_LARGE',
      message: 'APK file must be smaller than 200MB.',
    });
    const error = await failureOf(call);
    expect(error).toMatchObject({ status: 413, message: 'APK file must be smaller than 200MB.' });
  });

  it('fails with TIMEOUT or NETWORK_ERROR when no answer comes', async () => {
    const requests = stubXhr();
    const timedOut = uploadWithProgress('/api/things', { form: formWithFile(), timeoutMs: 10 });
    requests[0]!.timeOut();
    expect(await failureOf(timedOut)).toMatchObject({ status: 0, code: 'TIMEOUT' });
    const offline = uploadWithProgress('/api/things', { form: formWithFile() });
    requests[1]!.failNetwork();
    expect(await failureOf(offline)).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('sends the form again once the token was refreshed after a 401', async () => {
    localStorage.setItem('token', 'old');
    const requests = stubXhr();
    setUnauthorizedHandler(async () => {
      localStorage.setItem('token', 'new');
      return true;
    });
    const call = uploadWithProgress<{ ok: boolean }>('/api/things', { form: formWithFile() });
    requests[0]!.respond(401, { success: false, error: 'UNAUTHENTICATED', message: 'expired' });
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.headers.Authorization).toBe('Bearer new');
    requests[1]!.respond(200, { ok: true });
    await expect(call).resolves.toEqual({ ok: true });
  });

  it('stops the transfer when the caller aborts', async () => {
    const requests = stubXhr();
    const controller = new AbortController();
    const call = uploadWithProgress('/api/things', {
      form: formWithFile(),
      signal: controller.signal,
    });
    controller.abort();
    await expect(call).rejects.toBeDefined();
    expect(requests[0]!.aborted).toBe(true);
  });
});
