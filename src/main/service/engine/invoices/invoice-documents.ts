import { centsToDecimalString, formatBRL } from '#shared/lib/money';
import { formatCnpj, formatReceiptTime, renderReportPdf, type ReportSection } from '#lib/receipts';
import type { CompanyRow } from '../tenancy/tenancy-rows';
import type { IntegrationRow } from './invoice-integration-repo';
import type { InvoiceRow } from './invoice-repo';
import type { InvoiceCustomerSnapshot } from './invoice-serializer';

// The documents of an issued invoice: a PDF (the DANFSE a city hall prints) and an NFS-e XML
// shaped like the ABRASF layout. Both are the sandbox's own and say so plainly, so neither can be
// taken for a real nota fiscal.

export const SANDBOX_NOTICE = 'DOCUMENTO DE SANDBOX - SEM VALOR FISCAL';

export interface InvoiceDocumentData {
  invoice: InvoiceRow;
  company: CompanyRow;
  integration: IntegrationRow;
}

function customerOf(invoice: InvoiceRow): InvoiceCustomerSnapshot {
  return JSON.parse(invoice.customer) as InvoiceCustomerSnapshot;
}

function formatTaxId(taxId: string): string {
  if (/^\d{14}$/.test(taxId)) return formatCnpj(taxId);
  if (/^\d{11}$/.test(taxId)) return `${taxId.slice(0, 3)}.${taxId.slice(3, 6)}.${taxId.slice(6, 9)}-${taxId.slice(9)}`;
  return taxId;
}

function addressLine(customer: InvoiceCustomerSnapshot): string {
  const a = customer.address;
  return [
    [a.street, a.number].filter(Boolean).join(', '),
    a.complement,
    a.neighborhood,
    [a.city, a.state].filter(Boolean).join(' - '),
    a.zipcode ? `CEP ${a.zipcode.replace(/^(\d{5})(\d{3})$/, '$1-$2')}` : undefined,
    a.country,
  ]
    .filter((part) => part !== undefined && part !== '')
    .join(' · ');
}

/** São Paulo time, as a note printed in Brazil shows it. */
function localTime(iso: string): string {
  return formatReceiptTime(iso, 'pt-BR');
}

const STATUS_WORDS: Record<InvoiceRow['status'], string> = {
  PROCESSING: 'EM PROCESSAMENTO',
  CONFIRMED: 'EMITIDA',
  CANCELED: 'CANCELADA',
};

/** The PDF of an issued (or cancelled) invoice, A4. */
export async function renderInvoicePdf({ invoice, company, integration }: InvoiceDocumentData): Promise<Uint8Array> {
  const customer = customerOf(invoice);
  const blocks: ReportSection[] = [
    {
      heading: 'Nota',
      rows: [
        { label: 'Número da NFS-e', value: String(invoice.number ?? '-') },
        { label: 'Código de verificação', value: invoice.verification_code ?? '-' },
        { label: 'Situação', value: STATUS_WORDS[invoice.status], strong: true },
        { label: 'Data de emissão', value: localTime(invoice.confirmed_at ?? invoice.created_at) },
        { label: 'Competência', value: localTime(invoice.billing_date) },
        { label: 'correlationID', value: invoice.correlation_id },
        ...(invoice.canceled_at ? [{ label: 'Cancelada em', value: localTime(invoice.canceled_at) }] : []),
      ],
    },
    {
      heading: 'Prestador de serviços',
      rows: [
        { label: 'Razão social', value: company.official_name },
        { label: 'CNPJ', value: formatTaxId(company.tax_id) },
        ...(integration.municipal_subscription
          ? [{ label: 'Inscrição municipal', value: integration.municipal_subscription }]
          : []),
      ],
    },
    {
      heading: 'Tomador de serviços',
      rows: [
        { label: 'Nome', value: customer.name },
        { label: 'CPF/CNPJ', value: formatTaxId(customer.taxID) },
        ...(customer.email ? [{ label: 'E-mail', value: customer.email }] : []),
        { label: addressLine(customer), value: '' },
      ],
    },
    {
      heading: 'Discriminação dos serviços',
      rows: [{ label: invoice.description ?? 'Serviços prestados', value: '' }],
    },
    {
      heading: 'Valores',
      rows: [
        ...(integration.city_service_code
          ? [{ label: 'Código do serviço', value: integration.city_service_code }]
          : []),
        { label: 'Valor total do serviço', value: formatBRL(invoice.value), strong: true },
      ],
    },
  ];
  return renderReportPdf(
    {
      title: 'NOTA FISCAL DE SERVIÇOS ELETRÔNICA - NFS-e',
      header: [company.trade_name, SANDBOX_NOTICE],
      warnings: [
        `${SANDBOX_NOTICE}. Emitida pelo sandbox do Balcão, que simula a integração NFe.io: não foi enviada a nenhuma prefeitura.`,
        ...(invoice.status === 'CANCELED' ? ['NOTA CANCELADA'] : []),
      ],
      blocks,
      footer: [SANDBOX_NOTICE],
      metadata: {
        title: `NFS-e ${invoice.number ?? ''} (sandbox)`.replace('  ', ' '),
        subject: SANDBOX_NOTICE,
        creationDate: new Date(invoice.confirmed_at ?? invoice.created_at),
      },
    },
    'a4',
  );
}

/** Text for XML element content and attribute values. Characters XML 1.0 cannot carry are dropped. */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `<Name>text</Name>`, or nothing when there is no value. */
function element(name: string, value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '' : `<${name}>${xmlText(String(value))}</${name}>`;
}

function cpfCnpj(taxId: string): string {
  return taxId.length === 14 ? element('Cnpj', taxId) : element('Cpf', taxId);
}

/**
 * The invoice as an NFS-e XML in the ABRASF layout's shape (CompNfse / Nfse / InfNfse), with the
 * sandbox notice as a comment, an element of its own and the service description's first line.
 * A cancelled invoice carries its NfseCancelamento.
 */
export function renderInvoiceXml({ invoice, company, integration }: InvoiceDocumentData): Uint8Array {
  const customer = customerOf(invoice);
  const a = customer.address;
  const description = `${SANDBOX_NOTICE}. ${invoice.description ?? 'Serviços prestados'}`;
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!-- ${SANDBOX_NOTICE}: emitida pelo sandbox do Balcão (integração NFe.io simulada), não enviada a nenhuma prefeitura. -->`,
    '<CompNfse xmlns="http://www.abrasf.org.br/nfse.xsd">',
    '<Nfse versao="2.04">',
    `<InfNfse Id="${xmlText(`nfse-${invoice.id}`)}">`,
    element('Ambiente', 'SANDBOX'),
    element('AvisoSandbox', SANDBOX_NOTICE),
    element('Numero', invoice.number),
    element('CodigoVerificacao', invoice.verification_code),
    element('DataEmissao', invoice.confirmed_at ?? invoice.created_at),
    element('Competencia', invoice.billing_date),
    element('CorrelationID', invoice.correlation_id),
    '<ValoresNfse>',
    element('ValorLiquidoNfse', centsToDecimalString(invoice.value)),
    '</ValoresNfse>',
    '<PrestadorServico>',
    `<IdentificacaoPrestador><CpfCnpj>${cpfCnpj(company.tax_id)}</CpfCnpj>${element('InscricaoMunicipal', integration.municipal_subscription)}</IdentificacaoPrestador>`,
    element('RazaoSocial', company.official_name),
    element('NomeFantasia', company.trade_name),
    '</PrestadorServico>',
    '<DeclaracaoPrestacaoServico>',
    '<InfDeclaracaoPrestacaoServico>',
    element('Competencia', invoice.billing_date),
    '<Servico>',
    `<Valores>${element('ValorServicos', centsToDecimalString(invoice.value))}</Valores>`,
    element('ItemListaServico', integration.city_service_code),
    element('Discriminacao', description),
    '</Servico>',
    '<TomadorServico>',
    `<IdentificacaoTomador><CpfCnpj>${cpfCnpj(customer.taxID)}</CpfCnpj></IdentificacaoTomador>`,
    element('RazaoSocial', customer.name),
    '<Endereco>',
    element('Endereco', a.street),
    element('Numero', a.number),
    element('Complemento', a.complement),
    element('Bairro', a.neighborhood),
    element('Cidade', a.city),
    element('Uf', a.state),
    element('Cep', a.zipcode),
    element('Pais', a.country),
    '</Endereco>',
    customer.email || customer.phone
      ? `<Contato>${element('Telefone', customer.phone)}${element('Email', customer.email)}</Contato>`
      : '',
    '</TomadorServico>',
    element('RegimeEspecialTributacao', integration.special_tax),
    element('RegimeTributario', integration.tax_regime),
    '</InfDeclaracaoPrestacaoServico>',
    '</DeclaracaoPrestacaoServico>',
    '</InfNfse>',
    '</Nfse>',
    invoice.status === 'CANCELED'
      ? `<NfseCancelamento><Confirmacao>${element('DataHora', invoice.canceled_at)}</Confirmacao></NfseCancelamento>`
      : '',
    '</CompNfse>',
  ]
    .filter((line) => line !== '')
    .join('\n');
  return new TextEncoder().encode(xml);
}
