import type { ImagineClient } from "../service/client.js";
import type { ServiceOperation } from "./metrics.js";
import type { MetricsSink } from "./metrics-sink.js";

type Instrumented = "createImage" | "getImage" | "getServiceStatus" | "downloadImage";

const OPERATIONS: Record<Instrumented, ServiceOperation> = {
  createImage: "create-image",
  getImage: "get-image",
  getServiceStatus: "get-service-status",
  downloadImage: "download-image",
};

/**
 * Counts every request of `client` in `metrics` by operation and outcome, and reports each failure to
 * `onError` (the health monitor's "last error"). Wraps the instance's methods in place and returns it.
 */
export function instrumentClient(
  client: ImagineClient,
  metrics: MetricsSink,
  onError: (err: unknown) => void,
): ImagineClient {
  for (const name of Object.keys(OPERATIONS) as Instrumented[]) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    const operation = OPERATIONS[name];
    const wrapped = async (...args: unknown[]) => {
      try {
        const result = await original(...args);
        metrics.serviceRequest(operation, "ok");
        return result;
      } catch (err) {
        metrics.serviceRequestFailed(operation, err);
        onError(err);
        throw err;
      }
    };
    Object.assign(client, { [name]: wrapped });
  }
  return client;
}
