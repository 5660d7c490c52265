// Words for the large-tenant generator: contact names and a pool of Portuguese-ish message bodies,
// so that text search has common words (pedido, obrigado), medium ones and a rare one.

export const FIRST_NAMES = (
  "Ana Bruno Carla Daniel Eduarda Felipe Gabriela Heitor Isabela João Juliana Lucas Mariana Mateus " +
  "Natália Otávio Paula Rafael Sofia Thiago Valentina Vinícius Yasmin Arthur Beatriz Caio Débora Enzo " +
  "Fernanda Gustavo Helena Igor Larissa Leonardo Lívia Marcelo Nicole Pedro Renata Samuel Tatiana " +
  "Vitória Wagner Alice Bernardo Camila Davi Elisa Fábio Giovana Henrique Joana Kaique Laura Miguel"
).split(" ");

// "Bittencourt" is one of them: a contact-name search that matches ~1/60 of the contacts
export const LAST_NAMES = (
  "Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins " +
  "Carvalho Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes " +
  "Marques Machado Mendes Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Pinto Correia Cunha " +
  "Moura Cavalcanti Monteiro Barros Campos Bittencourt Farias Rezende Toledo Prado Siqueira Queiroz " +
  "Brandão Figueiredo Guimarães Macedo Pacheco Sampaio Tavares Vasconcelos Xavier"
).split(" ");

/** Appended to ~1 message in 20,000 (and so to a handful of tickets' last message). */
export const RARE_WORD = "xilogravura";

const OPENINGS = ["Olá", "Oi", "Bom dia", "Boa tarde", "Boa noite", "Opa", "Prezados", "Ei"];
const SUBJECTS = [
  "meu pedido", "o boleto", "a entrega", "minha fatura", "o reembolso", "a troca do produto", "o cadastro",
  "a senha do aplicativo", "o frete", "a nota fiscal", "o cupom de desconto", "a assinatura", "o orçamento",
  "a garantia", "o agendamento", "a segunda via", "o cartão de crédito", "o pix", "a devolução", "o suporte técnico",
];
const VERBS = [
  "ainda não chegou", "está atrasado", "veio com defeito", "não foi aprovado", "precisa ser alterado",
  "foi cobrado duas vezes", "não aparece no sistema", "está em análise", "foi cancelado sem aviso",
  "não abre no celular", "chegou incompleto", "está com o valor errado",
];
const ASKS = [
  "poderiam verificar?", "consegue me ajudar?", "qual o prazo?", "preciso de uma resposta urgente.",
  "aguardo retorno.", "tem como resolver hoje?", "vocês podem me ligar?", "qual o protocolo?",
];
const REPLIES = [
  "Claro, vou verificar o seu pedido agora mesmo.", "Obrigado pelo contato! Um momento, por favor.",
  "Já encaminhei para o setor financeiro.", "O prazo de entrega é de até cinco dias úteis.",
  "Seu protocolo de atendimento foi gerado.", "Consegue me enviar o número do pedido?",
  "Pronto, a segunda via do boleto foi enviada para o seu e-mail.", "Peço desculpas pelo transtorno.",
  "Vou transferir para a equipe responsável.", "O reembolso cai em até dois ciclos da fatura.",
  "Perfeito, atualizei o seu cadastro.", "Posso ajudar em mais alguma coisa?",
];
const CLOSINGS = ["Obrigado!", "Valeu", "Ok, obrigada", "Perfeito", "Certo", "Combinado, até mais", "👍"];

/** A seeded PRNG (mulberry32), so every build has the same bodies. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` message bodies: customer questions, agent replies and short closings, mixed. */
export function messageBodies(n = 4000, seed = 7): string[] {
  const r = prng(seed);
  const pick = <T>(a: T[]) => a[Math.floor(r() * a.length)];
  return Array.from({ length: n }, (_, i) => {
    if (i % 3 === 1) return pick(REPLIES);
    if (i % 7 === 6) return pick(CLOSINGS);
    const ref = r() < 0.4 ? ` nº ${Math.floor(r() * 900000 + 100000)}` : "";
    return `${pick(OPENINGS)}, ${pick(SUBJECTS)}${ref} ${pick(VERBS)}, ${pick(ASKS)}`;
  });
}

export const QUEUE_NAMES = ["Suporte", "Vendas", "Financeiro", "Logística", "Pós-venda", "Cobrança", "Ouvidoria", "Técnico", "Cadastro", "Parcerias"];
export const TAG_NAMES = ["urgente", "vip", "reclamação", "elogio", "boleto", "entrega", "troca", "cancelamento", "novo cliente", "retorno", "orçamento", "pix", "garantia", "fraude", "aguardando cliente"];
