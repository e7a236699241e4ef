// The playground's OpenAPI tab: a pasted OpenAPI 3.0 / 3.1 document (JSON) becomes tools with
// fromOpenAPI, shown in every provider's format. Nothing is called: the tools are only listed.
const $ = (id) => document.getElementById(id);

const SAMPLE = {
  openapi: "3.0.3",
  info: { title: "Petstore", version: "1.0.0" },
  servers: [{ url: "https://petstore.example.com/v1" }],
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        summary: "List all pets",
        parameters: [{ name: "limit", in: "query", schema: { type: "integer", maximum: 100 } }],
        responses: { 200: { description: "A page of pets" } },
      },
      post: {
        operationId: "createPet",
        summary: "Create a pet",
        requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/NewPet" } } } },
        responses: { 201: { description: "Created" } },
      },
    },
    "/pets/{petId}": {
      get: {
        operationId: "showPetById",
        summary: "Info for a specific pet",
        parameters: [{ name: "petId", in: "path", required: true, schema: { type: "string" } }],
        responses: { 200: { description: "The pet" } },
      },
    },
  },
  components: {
    schemas: {
      NewPet: { type: "object", required: ["name"], properties: { name: { type: "string" }, tag: { type: "string", nullable: true } } },
    },
  },
};

const FORMATS = [
  { id: "openai", label: "OpenAI", make: (api, list) => api.toOpenAI(list) },
  { id: "openai-strict", label: "OpenAI strict", make: (api, list) => api.toOpenAI(list, { strict: true }) },
  { id: "responses", label: "Responses", make: (api, list) => api.toOpenAIResponses(list) },
  { id: "anthropic", label: "Anthropic", make: (api, list) => api.toAnthropic(list) },
  { id: "gemini", label: "Gemini", make: (api, list) => api.toGemini(list) },
  { id: "gemini-openapi", label: "Gemini OpenAPI", make: (api, list) => api.toGemini(list, { dialect: "openapi" }) },
  { id: "mcp", label: "MCP", make: (api, list) => api.toMCP(list) },
];

/** Wires the tab to `api` (the package's browser entry, already loaded by the page). */
export function setupOpenAPI(api) {
  const specBox = $("openapi-spec");
  const status = $("openapi-status");
  const out = $("openapi-output");
  specBox.value = JSON.stringify(SAMPLE, null, 2);
  let tools = [];
  let format = FORMATS[0];

  for (const f of FORMATS) {
    const tab = document.createElement("button");
    Object.assign(tab, { type: "button", textContent: f.label });
    tab.setAttribute("role", "tab");
    tab.dataset.testid = `openapi-tab-${f.id}`;
    tab.dataset.format = f.id;
    tab.addEventListener("click", () => {
      format = f;
      render();
    });
    $("openapi-tabs").append(tab);
  }

  function render() {
    for (const tab of $("openapi-tabs").children) tab.setAttribute("aria-selected", String(tab.dataset.format === format.id));
    out.dataset.format = format.id;
    try {
      out.textContent = JSON.stringify(format.make(api, tools), null, 2);
      out.classList.remove("error");
    } catch (err) {
      out.textContent = `${err.name}: ${err.message}`;
      out.classList.add("error");
    }
  }

  function convert() {
    const n = Number(status.dataset.run ?? 0) + 1;
    try {
      const baseUrl = $("openapi-base").value.trim() || undefined;
      const started = performance.now();
      tools = api.fromOpenAPI(specBox.value, { baseUrl });
      const ms = performance.now() - started;
      status.dataset.state = "ok";
      status.textContent = `${tools.length} tool${tools.length === 1 ? "" : "s"} in ${ms.toFixed(1)} ms: ${tools.map((t) => t.name).join(", ")}`;
    } catch (err) {
      tools = [];
      status.dataset.state = "error";
      status.textContent = `${err.name}: ${err.message}`;
    }
    status.dataset.count = String(tools.length);
    status.dataset.run = String(n);
    render();
  }

  $("openapi-convert").addEventListener("click", convert);
  specBox.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      convert();
    }
  });
  convert();
}

/** The page's two views ("Define a tool", "OpenAPI"), switched by the tabs at the top. */
export function setupViews() {
  const views = [...document.querySelectorAll("[data-view]")];
  for (const button of document.querySelectorAll("[data-view-tab]")) {
    button.addEventListener("click", () => {
      for (const v of views) v.hidden = v.dataset.view !== button.dataset.viewTab;
      for (const b of document.querySelectorAll("[data-view-tab]")) b.setAttribute("aria-selected", String(b === button));
    });
  }
}
