const MINIMUM = [22, 22] as const;

/** The store needs Node 22.22+ (the project installs Node 24 locally: run it through npm scripts). */
export function assertNodeVersion(version: string = process.versions.node): void {
  const [major, minor] = version.split(".").map(Number);
  if (major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1])) return;
  console.error(
    `This store needs Node ${MINIMUM.join(".")} or newer; this is Node ${version}. ` +
      "Run it through npm (`npm start`, `npm test`): npm uses the Node 24 that `npm install` put in node_modules.",
  );
  process.exit(1);
}
