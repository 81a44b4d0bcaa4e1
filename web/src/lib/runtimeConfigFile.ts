/** Where the client finds its run-time settings and what the stack replaces in it (no DOM: the stacks import it too). */
export const CONFIG_PATH = "config.json";
/** What the stack replaces in `web/public/config.json`. */
export const WS_URL_PLACEHOLDER = "{{ MANCALA_WS_URL }}";
