// The checks of scripts/check-install.mjs as pure functions over what npm reports, so they can be tested
// against fixture data without an install. Each returns a list of problems (empty when all is in order).
import semver from 'semver';

/** The script must run on the Node the project pins (`dependencies.node`). */
export function runtimeProblems(version, pinned) {
  if (version === `v${pinned}`) return [];
  return [
    `The project runs on Node ${pinned}, but this script ran on ${version}: ` +
      'the `node` package was not installed (is it in allowScripts?).',
  ];
}

/**
 * Every installed package's `engines.node` must accept the runtime. `packages` is the `packages` map of
 * node_modules/.package-lock.json; `isInstalled(location)` says whether its folder exists.
 */
export function engineProblems(packages, version, isInstalled) {
  const problems = [];
  for (const [location, meta] of Object.entries(packages)) {
    const wanted = meta.engines?.node;
    if (!wanted || meta.link || !isInstalled(location)) continue;
    if (!semver.satisfies(version, wanted, { includePrerelease: true })) {
      problems.push(`${location.replace(/^.*node_modules\//, '')}@${meta.version} requires Node ${wanted}`);
    }
  }
  return problems;
}

/** Install scripts neither approved nor denied in `allowScripts` (`npm install-scripts ls --json`). */
export function installScriptProblems(listJson) {
  const pending = JSON.parse(listJson || '{}').allowScripts ?? [];
  return pending.map((entry) => {
    const keys = entry.changes.map((c) => c.key).join(', ');
    return `install script not reviewed: ${keys} (npm install-scripts approve|deny ${entry.name})`;
  });
}

/** A failed `npm ls --all`: its error lines name what is missing, invalid or conflicting. */
export function treeProblems(stderr) {
  const lines = String(stderr ?? '')
    .split('\n')
    .filter((l) => l.startsWith('npm error') && !/code ELSPROBLEMS|complete log/.test(l));
  return [`the dependency tree has problems:\n  ${lines.join('\n  ')}`];
}
