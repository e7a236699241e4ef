// A `fetch` that answers from recorded responses, in order, and keeps every request body: the
// provider examples run their SDK's real client against it, with no network.
export function recordedFetch(responses) {
  const requests = [];
  async function fetch(url, init) {
    requests.push({ url: String(url), body: JSON.parse(String(init?.body ?? "null")) });
    const response = responses[requests.length - 1];
    if (response === undefined) throw new Error(`no recorded response for request #${requests.length}`);
    return new Response(JSON.stringify(response), { status: 200, headers: { "content-type": "application/json" } });
  }
  return { fetch, requests };
}
