import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Country names as Medusa v1's country table has them ("United States", not "United
 * States of America"): storefronts written for Medusa pick countries by display name.
 * The values are written out here, not read from reference-data, so this migration
 * does the same thing whenever it runs.
 */
type Names = ReadonlyArray<readonly [iso2: string, name: string, displayName: string]>;

const MEDUSA_NAMES: Names = [
  ['cd', 'CONGO, THE DEMOCRATIC REPUBLIC OF THE', 'Congo, the Democratic Republic of the'],
  ['cg', 'CONGO', 'Congo'],
  ['ci', "COTE D'IVOIRE", "Cote D'Ivoire"],
  ['cn', 'CHINA', 'China'],
  ['gm', 'GAMBIA', 'Gambia'],
  ['hm', 'HEARD ISLAND AND MCDONALD ISLANDS', 'Heard Island And Mcdonald Islands'],
  ['im', 'ISLE OF MAN', 'Isle Of Man'],
  ['ir', 'IRAN, ISLAMIC REPUBLIC OF', 'Iran, Islamic Republic of'],
  ['kp', "KOREA, DEMOCRATIC PEOPLE'S REPUBLIC OF", "Korea, Democratic People's Republic of"],
  ['kr', 'KOREA, REPUBLIC OF', 'Korea, Republic of'],
  ['mk', 'MACEDONIA, THE FORMER YUGOSLAV REPUBLIC OF', 'Macedonia, the Former Yugoslav Republic of'],
  ['ps', 'PALESTINIAN TERRITORY, OCCUPIED', 'Palestinian Territory, Occupied'],
  ['sx', 'SINT MAARTEN', 'Sint Maarten'],
  ['sz', 'SWAZILAND', 'Swaziland'],
  ['tl', 'TIMOR LESTE', 'Timor Leste'],
  ['tr', 'TURKEY', 'Turkey'],
  ['tz', 'TANZANIA, UNITED REPUBLIC OF', 'Tanzania, United Republic of'],
  ['us', 'UNITED STATES', 'United States'],
  ['vn', 'VIET NAM', 'Viet Nam'],
];

const PREVIOUS_NAMES: Names = [
  ['cd', 'DEMOCRATIC REPUBLIC OF THE CONGO', 'Democratic Republic of the Congo'],
  ['cg', 'REPUBLIC OF THE CONGO', 'Republic of the Congo'],
  ['ci', "COTE D'IVOIRE", "Cote d'Ivoire"],
  ['cn', "PEOPLE'S REPUBLIC OF CHINA", "People's Republic of China"],
  ['gm', 'REPUBLIC OF THE GAMBIA', 'Republic of The Gambia'],
  ['hm', 'HEARD ISLAND AND MCDONALD ISLANDS', 'Heard Island and McDonald Islands'],
  ['im', 'ISLE OF MAN', 'Isle of Man'],
  ['ir', 'ISLAMIC REPUBLIC OF IRAN', 'Islamic Republic of Iran'],
  ['kp', 'NORTH KOREA', 'North Korea'],
  ['kr', 'SOUTH KOREA', 'South Korea'],
  ['mk', 'THE REPUBLIC OF NORTH MACEDONIA', 'The Republic of North Macedonia'],
  ['ps', 'STATE OF PALESTINE', 'State of Palestine'],
  ['sx', 'SINT MAARTEN (DUTCH PART)', 'Sint Maarten (Dutch part)'],
  ['sz', 'ESWATINI', 'Eswatini'],
  ['tl', 'TIMOR-LESTE', 'Timor-Leste'],
  ['tr', 'TÜRKIYE', 'Türkiye'],
  ['tz', 'UNITED REPUBLIC OF TANZANIA', 'United Republic of Tanzania'],
  ['us', 'UNITED STATES OF AMERICA', 'United States of America'],
  ['vn', 'VIETNAM', 'Vietnam'],
];

async function rename(queryRunner: QueryRunner, names: Names): Promise<void> {
  for (const [iso2, name, displayName] of names) {
    await queryRunner.query(`UPDATE "country" SET "name" = $2, "display_name" = $3 WHERE "iso_2" = $1`, [iso2, name, displayName]);
  }
}

export class MedusaCountryNames1795316700231 implements MigrationInterface {
  name = 'MedusaCountryNames1795316700231';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await rename(queryRunner, MEDUSA_NAMES);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await rename(queryRunner, PREVIOUS_NAMES);
  }
}
