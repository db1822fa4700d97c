// Page tests wait for the screen with testing-library's waitFor/findBy. Their one-second default is
// shorter than a render can take while both cores are busy with other test files; five seconds
// still fails a page that never shows what the test waits for.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
}
