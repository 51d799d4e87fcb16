// The pages a visitor sees instead of a redirect: a person followed the link, so HTML with a way
// on, not a JSON error.

const linkPage = (title: string, message: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${title}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f7f7f9; color: #1c1c28; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.5rem; margin: 0 0 .75rem; }
  p { margin: 0 0 1.5rem; line-height: 1.5; color: #4a4a5a; }
  a { display: inline-block; padding: .6rem 1.2rem; border-radius: .5rem; background: #4f46e5; color: #fff; text-decoration: none; }
  @media (prefers-color-scheme: dark) {
    body { background: #14141c; color: #ececf2; }
    p { color: #b4b4c4; }
    a { background: #6366f1; }
  }
</style>
</head>
<body>
<main>
  <h1>${title}</h1>
  <p>${message}</p>
  <a href="/">Go to the home page</a>
</main>
</body>
</html>
`;

/** A share link that does not exist (mistyped, truncated, or made up). */
export const LINK_NOT_FOUND_PAGE = linkPage(
  'This link is not valid',
  'The link you followed does not exist or is no longer available. Check that it was copied in full.',
);

/** The campaign behind the link has ended, is paused or was withdrawn, and its brand has no site. */
export const LINK_ENDED_PAGE = linkPage(
  'This offer has ended',
  'The campaign behind this link is no longer running. Thanks for your interest.',
);

/** The link could not be looked up (the database failed): worth another try. */
export const LINK_UNAVAILABLE_PAGE = linkPage(
  'This link is unavailable right now',
  'We could not open this link just now. Please try again in a moment.',
);
