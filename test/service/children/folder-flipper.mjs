// Flips <root>/sub between the real folder and a link to <outside> as fast as it can for
// <ms> milliseconds, then leaves the real folder in place and exits. Prints how many flips.
import fs from "node:fs";
import path from "node:path";

const [root, outside, ms] = process.argv.slice(2);
const sub = path.join(root, "sub");
const parked = path.join(root, "sub-parked");
const end = Date.now() + Number(ms);
let flips = 0;
process.stdout.write("ready\n");
while (Date.now() < end) {
  try {
    fs.renameSync(sub, parked);
    fs.symlinkSync(outside, sub);
    fs.unlinkSync(sub);
    fs.renameSync(parked, sub);
    flips++;
  } catch {
    // a rename may meet the other side mid-way: go on
  }
}
if (!fs.existsSync(sub) || fs.lstatSync(sub).isSymbolicLink()) {
  fs.rmSync(sub, { force: true });
  fs.renameSync(parked, sub);
}
process.stdout.write(`${flips}\n`);
