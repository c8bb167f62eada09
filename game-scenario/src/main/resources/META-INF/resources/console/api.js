// The console talks to the public HTTP API only, as any other client could.

// In a shared room the lab needs the instructor's key; it is kept for this browser tab only.
export const instructorKey = {
  get: () => sessionStorage.getItem('instructorKey'),
  set: (key) => (key ? sessionStorage.setItem('instructorKey', key) : sessionStorage.removeItem('instructorKey')),
};

export async function api(method, path, body) {
  const headers = body === undefined ? {} : { 'Content-Type': 'application/json' };
  if (instructorKey.get()) {
    headers['X-Instructor-Key'] = instructorKey.get();
  }
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = response.headers.get('Content-Type')?.includes('json') ? await response.json() : null;
  if (!response.ok) {
    throw new Error(payload?.detail ?? `${response.status} ${response.statusText}`);
  }
  return payload;
}

/** Builds an element; every piece of text goes in as text, never as markup. */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name.startsWith('on')) {
      element.addEventListener(name.slice(2), value);
    } else if (value !== false && value !== undefined && value !== null) {
      element.setAttribute(name, value === true ? '' : value);
    }
  }
  element.append(...children.flat().map((child) => (child instanceof Node ? child : String(child))));
  return element;
}

export function say(text) {
  document.getElementById('status').textContent = text;
}
