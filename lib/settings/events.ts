// The company's own changes (its work hours). Not in EVENTS yet: named here, in a file the browser
// may import, until the administration issue publishes more of them.
export const COMPANY_EVENT = "company";
