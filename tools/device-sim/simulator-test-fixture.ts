import { expect } from 'vitest';

/** Creates a client through the API as staff with `accessToken` (clients.create). */
export async function createSimulatedClient(
  url: string,
  accessToken: string,
  companyId: string,
): Promise<void> {
  const created = await fetch(`${url}/api/clients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      companyId,
      companyName: `Kawalan Simulasi ${companyId} Sdn Bhd`,
      contactPerson: 'Farid Hassan',
      email: `ops-${companyId.toLowerCase()}@simulasi.example`,
      phone: '+60 3-7777 1234',
      address: 'Jalan Tun Razak, Kuala Lumpur',
    }),
  });
  expect(created.status).toBe(201);
}

/** Issues `count` Standard licences of 30 days to the client, answering their keys. */
export async function issueSimulatedKeys(
  url: string,
  accessToken: string,
  companyId: string,
  count: number,
): Promise<string[]> {
  const issued = await fetch(`${url}/api/clients/${companyId}/licences`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ count, licenseType: 'Standard', validityPeriodDays: 30 }),
  });
  expect(issued.status).toBe(201);
  return ((await issued.json()) as { licences: { key: string }[] }).licences.map((l) => l.key);
}
