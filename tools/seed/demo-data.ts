import type { ActivityRefs, ActivityType, LicenceType } from '@patrol/contracts';
import { formatCompanyName } from '@patrol/domain';

const minuteMs = 60 * 1000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** A demo client with its licences and the activity that created them, ready to insert. */
export interface DemoClient {
  companyId: string;
  companyName: string;
  contactPerson: string;
  email: string;
  phone: string;
  address: string;
  active: boolean;
  createdAt: Date;
  licences: DemoLicence[];
}

export interface DemoLicence {
  licenceType: LicenceType;
  validUntil: Date;
  bound: boolean;
  deviceId: string | null;
  projectName: string | null;
  boundAt: Date | null;
  lastDeviceActivity: Date | null;
  features: string[];
  createdAt: Date;
}

export interface DemoActivity {
  type: ActivityType;
  detail: string;
  companyId: string;
  refs: ActivityRefs;
  createdAt: Date;
}

const companyStems = [
  'Kawalan Setia',
  'Pengawal Bersatu',
  'Perisai Emas',
  'Benteng Maju',
  'Cahaya Security',
  'Harimau Guard',
  'Teguh Jaya Security',
  'Wira Perkasa',
  'Andalan Kawalan',
  'Sinar Patrol',
  'Bukit Aman Guards',
  'Menara Protection',
  'Lang Merah Security',
  'Gemilang Kawal',
  'Pahlawan Services',
  'Nusantara Guarding',
  'Seri Murni Security',
  'Jati Kukuh Patrol',
  'Bintang Timur Security',
  'Puncak Selamat',
  'Mutiara Guard',
  'Titiwangsa Security',
  'Kinabalu Protection',
  'Sentosa Kawalan',
  'Delima Security',
  'Helang Sakti',
  'Permata Patrol',
  'Citra Kawal',
  'Rimba Security',
  'Tanjung Guard',
  'Samudera Protection',
  'Merdeka Security',
  'Indera Kawalan',
  'Orkid Guard',
  'Selasih Security',
  'Meranti Patrol',
  'Cempaka Protection',
  'Perdana Guarding',
  'Astana Security',
  'Kemuncak Kawal',
  'Lestari Guard',
  'Bayu Security',
];
const suffixes = ['sdn bhd', 'sdn bhd', 'sdn bhd', 'Berhad', 'pte ltd', 'ltd'];
const givenNames = [
  'Ahmad',
  'Siti',
  'Muhammad',
  'Nurul',
  'Tan',
  'Lim',
  'Wong',
  'Rajesh',
  'Priya',
  'Farid',
  'Aisyah',
  'Hafiz',
  'Mei Ling',
  'Kumar',
  'Zainab',
  'Chong',
  'Arjun',
  'Nadia',
  'Faizal',
  'Yusof',
];
const familyNames = [
  'Abdullah',
  'Ismail',
  'Rahman',
  'Wei Ming',
  'Chee Keong',
  'Subramaniam',
  'Hassan',
  'Ibrahim',
  'Kaur',
  'Osman',
  'Ali',
  'Yap',
  'Ng',
  'Krishnan',
  'Hamid',
];
const places = [
  ['Jalan Ampang', '50450 Kuala Lumpur'],
  ['Jalan Tun Razak', '50400 Kuala Lumpur'],
  ['Persiaran KLCC', '50088 Kuala Lumpur'],
  ['Jalan SS 15/4', '47500 Subang Jaya, Selangor'],
  ['Jalan Gasing', '46000 Petaling Jaya, Selangor'],
  ['Lebuh Pantai', '10300 George Town, Pulau Pinang'],
  ['Jalan Tebrau', '80250 Johor Bahru, Johor'],
  ['Jalan Gaya', '88000 Kota Kinabalu, Sabah'],
  ['Jalan Padungan', '93100 Kuching, Sarawak'],
  ['Jalan Sultan Idris Shah', '30000 Ipoh, Perak'],
  ['Jalan Hang Tuah', '75300 Melaka'],
  ['Jalan Sultan Zainal Abidin', '20000 Kuala Terengganu'],
];
const projectNames = [
  'Menara Utama',
  'Pavilion Tower',
  'Sunway Pyramid',
  'Mid Valley',
  'Plaza Rakyat',
  'Tapak Industri',
  'Kondo Seri Bayu',
  'Hospital Wing B',
  'Gudang Shah Alam',
  'Kampus Utama',
  'Port Klang Yard',
  'Residensi Damai',
];
const featureSets: Record<LicenceType, string[]> = {
  Trial: ['nfc_patrol'],
  Standard: ['nfc_patrol', 'incident_reporting'],
  Premium: ['nfc_patrol', 'incident_reporting', 'gps_tracking', 'offline_mode'],
};

/** A small deterministic random source (mulberry32), so a seed produces the same data each time. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * ~40 client companies with 3 to 20 licences each: a mix of types, some available, some expired,
 * and bound ones spread over the dashboard's activity tiles (active now, inactive under 24 hours,
 * long-term inactive, never reported).
 */
export function buildDemoClients(now: Date, random: () => number, count = 40): DemoClient[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const deviceHash = () =>
    Array.from({ length: 12 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[between(0, 33)]).join('');

  return companyStems.slice(0, count).map((stem, index) => {
    const companyName = formatCompanyName(`${stem} ${pick(suffixes)}`);
    const companyId = `MY-${String(index + 1).padStart(4, '0')}`;
    const createdAt = new Date(now.getTime() - between(1, 365) * dayMs - between(0, 23) * hourMs);
    const contactPerson = `${pick(givenNames)} ${pick(familyNames)}`;
    const domain = stem.toLowerCase().replace(/[^a-z]+/g, '');
    const [street, city] = pick(places);
    const licences = Array.from({ length: between(3, 20) }, (): DemoLicence => {
      const licenceType = pick<LicenceType>([
        'Trial',
        'Standard',
        'Standard',
        'Premium',
        'Premium',
      ]);
      const licenceCreatedAt = new Date(
        createdAt.getTime() + random() * (now.getTime() - createdAt.getTime()),
      );
      const roll = random();
      const expired = roll < 0.12;
      const validUntil = expired
        ? new Date(now.getTime() - between(1, 60) * dayMs)
        : new Date(now.getTime() + between(3, 365) * dayMs);
      const bound = !expired && roll > 0.35;
      const projectName = bound ? pick(projectNames) : null;
      const boundAt = bound
        ? new Date(
            licenceCreatedAt.getTime() + random() * (now.getTime() - licenceCreatedAt.getTime()),
          )
        : null;
      return {
        licenceType,
        validUntil,
        bound,
        deviceId: projectName ? `MPDID-${deviceHash()}-${projectName}` : null,
        projectName,
        boundAt,
        lastDeviceActivity: boundAt ? lastActivity(now, boundAt, random) : null,
        features: featureSets[licenceType],
        createdAt: licenceCreatedAt,
      };
    });
    return {
      companyId,
      companyName,
      contactPerson,
      email: `${contactPerson.split(' ')[0]!.toLowerCase()}@${domain}.com.my`,
      phone: `+60 ${between(3, 9)}-${between(1000, 9999)} ${between(1000, 9999)}`,
      address: `${between(1, 250)}, ${street}, ${city}`,
      active: random() > 0.1,
      createdAt,
      licences,
    };
  });
}

/** Active now (under 5 minutes), recently inactive (under 24 hours), long-term, or never. */
function lastActivity(now: Date, boundAt: Date, random: () => number): Date | null {
  const roll = random();
  const ago =
    roll < 0.3
      ? random() * 4 * minuteMs
      : roll < 0.6
        ? 10 * minuteMs + random() * 23 * hourMs
        : roll < 0.9
          ? dayMs + random() * 30 * dayMs
          : undefined;
  if (ago === undefined) return null;
  return new Date(Math.max(boundAt.getTime(), now.getTime() - ago));
}

/** The activity feed the data implies: clients added, keys issued, devices bound. */
export function buildDemoActivities(client: DemoClient, keys: readonly string[]): DemoActivity[] {
  const refs = { companyName: client.companyName, companyId: client.companyId };
  const activities: DemoActivity[] = [
    {
      type: 'client_added',
      detail: `New client ${client.companyName} added`,
      companyId: client.companyId,
      refs,
      createdAt: client.createdAt,
    },
  ];
  client.licences.forEach((licence, index) => {
    const key = keys[index]!;
    if (licence.bound && licence.boundAt) {
      activities.push({
        type: 'licence_bound',
        detail: `Licence ${key} bound to ${licence.deviceId}`,
        companyId: client.companyId,
        refs: { ...refs, licenceKey: key },
        createdAt: licence.boundAt,
      });
    }
  });
  const issuedAt = Math.min(...client.licences.map((licence) => licence.createdAt.getTime()));
  if (client.licences.length > 0) {
    activities.push({
      type: 'licences_added',
      detail: `${client.licences.length} licences added to ${client.companyName}`,
      companyId: client.companyId,
      refs,
      createdAt: new Date(issuedAt),
    });
  }
  return activities;
}
