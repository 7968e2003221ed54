/** Text made safe inside HTML, an attribute's quotes included: what the gateway writes into a page. */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
