/** JSON over HTTP for the control APIs of the emulator and the reference service. */
import { request } from "undici";

async function exchange<T>(method: "GET" | "POST", url: string, body?: unknown): Promise<T> {
  const res = await request(url, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  const text = await res.body.text();
  if (res.statusCode < 200 || res.statusCode >= 300)
    throw new Error(`${method} ${url} -> ${res.statusCode}: ${text.slice(0, 500)}`);
  return (text === "" ? undefined : JSON.parse(text)) as T;
}

/** GETs JSON; throws with the answer on a non-2xx status. */
export function getJson<T>(url: string): Promise<T> {
  return exchange<T>("GET", url);
}

/** POSTs JSON and reads JSON back; throws with the answer on a non-2xx status. */
export function postJson<T>(url: string, body: unknown): Promise<T> {
  return exchange<T>("POST", url, body);
}
