// SPDX-License-Identifier: MIT
// Random option sets for the calculators, valid mostly and bad now and
// then, drawn from a seeded PRNG (splitmix64) so that a failure repeats:
// for the HTTP API (api_equal.mjs) and the offline app's core
// (app_equal.mjs, app_browser.mjs), each against the CLI.

// A small deterministic PRNG (splitmix64) and its helpers.
export function prng(seed0) {
  let state = BigInt(seed0);
  function rnd() {
    state = (state + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return Number((z ^ (z >> 31n)) >> 11n) / 2 ** 53;
  }
  const pick = a => a[Math.floor(rnd() * a.length)];
  const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
  return { rnd, pick, int };
}

// perCommand => [{cmd: 'odds fire', opts: [[name, value | true], ...]}]
export function optionSets(seed0) {
  const { rnd, pick, int } = prng(seed0);
  const g = (good, bad) => () => (rnd() < 0.88 ? pick(good) : pick(bad));
  const roll = () => String(int(1, 100));
  const rolls = n => Array.from({ length: n }, () => pick([roll(), roll(), roll(), '00'])).join(',');
  const seed = () => (rnd() < 0.9 ? String(int(0, 1e6)) : pick(['18446744073709551615', '-1', 'x', '']));
  const oob = {
    army: g(['union', 'confederate', 'Union', 'conf'], ['prussia', '', 'c']),
    year: g(['1861', '1862', '1863', '1864', '1865'], ['1860', 'x', '1863.5']),
    theater: g(['east', 'west', 'w'], ['north']),
    arm: g(['infantry', 'cavalry'], ['navy']),
    'by-the-book': true,
  };
  const dice = { seed, rolls: () => rolls(int(0, 20)) };
  const fire = {
    weapon: g(['musket', 'rifle', 'canister', 'roundshot', 'gun'], ['sword', 'Musk']),
    range: g([String(int(0, 40)), String(int(0, 20)), '7.5', '22/3', '7 1/3'], ['-1', 'far', '1/0']),
    ranges: g(['11,5', '7,7,8'], ['3', '1,,2']),
    figures: g([String(int(1, 40))], ['0', '20000']),
    crew: g([String(int(1, 6))], ['0', '7']),
    cover: true, yards: true, 'no-canister': true,
    scale: () => pick(['10', '20', '0']),
    'max-range': () => pick(['80', '40', '0']),
  };
  const commands = {
    division: { ...oob, count: () => String(int(0, 4)), ...dice },
    corps: { ...oob, divisions: () => String(int(0, 5)), cavalry: () => String(int(0, 2)), ...dice },
    battle: { year: oob.year, theater: oob.theater, divisions: () => String(int(0, 4)), 'by-the-book': true, ...dice },
    fire: { ...fire, 'no-roll': true, ...dice, rolls: () => rolls(int(0, 2)) },
    curve: {
      weapon: fire.weapon, cover: true, step: () => pick(['1', '0.5', '5', '0']),
      to: () => pick(['10', '30', '-1']), 'max-range': fire['max-range'], scale: () => pick(['10', '20']),
    },
    'odds division': { ...oob },
    'odds corps': { ...oob, divisions: () => String(int(0, 4)), cavalry: () => String(int(0, 2)) },
    'odds battle': { year: oob.year, theater: oob.theater, divisions: () => String(int(0, 3)), 'by-the-book': true },
    'odds fire': { ...fire, method: () => pick(['additive', 'per-figure', 'both', 'guess']) },
    'odds charge': {
      figures: () => String(int(0, 30)), range: () => String(int(0, 40)), move: () => String(int(0, 12)),
      gun: () => pick(['gun', 'canister', 'roundshot', 'musket']), crew: () => String(int(1, 7)),
      cover: true, 'no-canister': true, 'no-point-blank': true, 'return-fire': () => pick(['musket', 'rifle', 'sword']),
    },
    'sim division': { ...oob, trials: () => String(int(1, 3000)), seed },
    'sim corps': { ...oob, divisions: () => String(int(1, 3)), trials: () => String(int(1, 500)), seed },
    'sim fire': { ...fire, method: () => pick(['additive', 'per-figure', 'both']), trials: () => String(int(1, 3000)), seed },
  };
  function one(spec) {
    const opts = [];
    for (const [name, gen] of Object.entries(spec)) {
      if (rnd() < (gen === true ? 0.75 : 0.5)) continue;
      opts.push([name, gen === true ? true : gen()]);
    }
    const d = opts.filter(([n]) => n === 'seed' || n === 'rolls');
    if (d.length > 1 && rnd() < 0.8) opts.splice(opts.indexOf(d[1]), 1);
    if (rnd() < 0.85)
      for (const need of ['army', 'weapon', 'range', 'figures', 'move'])
        if (spec[need] && !opts.some(([n]) => n === need)) opts.push([need, spec[need]()]);
    const w = opts.find(([n]) => n === 'weapon');
    if (w && rnd() < 0.8) {
      const drop = ['canister', 'roundshot', 'gun'].includes(w[1]) ? 'figures' : 'crew';
      const i = opts.findIndex(([n]) => n === drop);
      if (i >= 0) opts.splice(i, 1);
      const j = opts.findIndex(([n]) => n === 'no-roll');
      if (drop === 'figures' && j >= 0 && rnd() < 0.5) opts.splice(j, 1);
    }
    if (opts.some(([n]) => n === 'range') && opts.some(([n]) => n === 'ranges') && rnd() < 0.8)
      opts.splice(opts.findIndex(([n]) => n === 'ranges'), 1);
    // the simulations' default trials take a while: mostly a count
    if (spec.trials && !opts.some(([n]) => n === 'trials') && rnd() < 0.8) opts.push(['trials', spec.trials()]);
    if (rnd() < 0.05) opts.push(['bogus', '1']);
    return opts;
  }
  return (perCommand) => {
    const sets = [];
    for (const [cmd, spec] of Object.entries(commands))
      for (let i = 0; i < perCommand; i++) sets.push({ cmd, opts: one(spec) });
    return sets;
  };
}
