// Builds the runner as an installable npm package for GPU hosts that have Node and nothing else:
// one bundled JavaScript file (the CLI with zod, the contract and the tokenizer library inside it),
// a package.json with the `mako-runner` bin and no dependencies, the README, and `npm pack`'s
// tarball. The server offers the tarball at /downloads/mako-runner.tgz.
//
//   node scripts/build.mjs [outDir]        (pnpm --filter @mako/runner build)
//
// Output: <outDir>/package/ (the package as installed), <outDir>/mako-runner-<version>.tgz and a
// copy named mako-runner.tgz, the address that always means "the newest".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const runnerRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The tarball's name for a version, as `npm pack` writes it for an unscoped package. */
export const tarballName = (version) => `mako-runner-${version}.tgz`;

export async function buildRunnerPackage(outDir = path.join(runnerRoot, 'dist')) {
  const manifest = JSON.parse(fs.readFileSync(path.join(runnerRoot, 'package.json'), 'utf8'));
  const packageDir = path.join(outDir, 'package');
  fs.rmSync(packageDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(packageDir, 'bin'), { recursive: true });

  await build({
    absWorkingDir: runnerRoot,
    entryPoints: ['src/cli.ts'],
    outfile: path.join(packageDir, 'bin', 'mako-runner.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // A CommonJS module bundled into ESM calls require() for node's built-ins: give it node's.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __makoCreateRequire } from 'node:module'; const require = __makoCreateRequire(import.meta.url);",
    },
    minify: true,
    // Error names and stack frames stay readable in a user's bug report.
    keepNames: true,
    legalComments: 'eof',
    logLevel: 'warning',
  });
  fs.chmodSync(path.join(packageDir, 'bin', 'mako-runner.js'), 0o755);

  const published = {
    name: 'mako-runner',
    version: manifest.version,
    description: manifest.description,
    type: 'module',
    bin: { 'mako-runner': 'bin/mako-runner.js' },
    engines: { node: '>=20' },
    license: 'UNLICENSED',
    files: ['bin', 'README.md'],
  };
  fs.writeFileSync(path.join(packageDir, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
  fs.copyFileSync(path.join(runnerRoot, 'README.md'), path.join(packageDir, 'README.md'));

  // npm itself makes the tarball, so what `npm install` unpacks is exactly what npm would publish.
  // pnpm hands its own npm_config_* settings down to scripts; npm would warn about each of them.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_/i.test(key)));
  const packed = execFileSync('npm', ['pack', '--json', '--loglevel', 'error', '--pack-destination', outDir], {
    cwd: packageDir,
    encoding: 'utf8',
    env: { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false' },
  });
  const [{ filename }] = JSON.parse(packed);
  const versioned = path.join(outDir, tarballName(manifest.version));
  if (path.join(outDir, filename) !== versioned) throw new Error(`npm pack wrote ${filename}, expected ${versioned}`);
  fs.copyFileSync(versioned, path.join(outDir, 'mako-runner.tgz'));
  return { version: manifest.version, packageDir, tarball: versioned, latest: path.join(outDir, 'mako-runner.tgz') };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const out = await buildRunnerPackage(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  const size = fs.statSync(out.tarball).size;
  console.log(
    `Built mako-runner ${out.version}: ${path.relative(process.cwd(), out.tarball)} (${(size / 1024).toFixed(0)} kB)`,
  );
}
